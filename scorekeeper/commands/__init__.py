"""Commands for whoever runs the server: ``flask --app scorekeeper prune`` and ``hall``, and gunicorn's settings.

They sit on top: a command may use the store and the platform, and loads the
app by its import string, as gunicorn does.
"""
