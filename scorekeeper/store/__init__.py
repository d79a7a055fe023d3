"""Storage: the tables, and the one service through which every write goes.

``models`` holds the facts as entered (games, their sides, players and hands;
card parties and their logs). ``games`` and ``parties`` are the services: each
change is appended with a version check, so two phones never record the same
thing twice, and the state is replayed through the engines, cached per
version. The store may import the engines and the platform, never the web or
the API.
"""
