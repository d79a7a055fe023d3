"""What every layer stands on: settings, the extensions, security headers and error pages, rate limits, numbers.

Nothing here knows a game: the platform imports only the engines' constants
and the standard library, Flask and its extensions.
"""
