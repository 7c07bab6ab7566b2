"""The memory explorer: a browser page over the REST API, served at /ui (see router.py)."""
