"""The terminal front end: ``estancia play``."""
