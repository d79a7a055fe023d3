# A LazyString stands wherever a str does: it forwards every str method to the text it becomes once the
# request's language is known, and WTForms, Jinja and the JSON answers take it as one. Declared a str here,
# so each place that is handed one is checked as taking text.
class LazyString(str): ...
