"""Tests of the store: games, parties and clubs written and read through its services, without a page."""
