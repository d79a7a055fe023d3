"""Words: the engines' typed answers turned into sentences in the reader's language."""
