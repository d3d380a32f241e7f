"""Llama Land: the rules engine (``GAME``), the estate notation and the objective conditions."""

from games.llama_land.estate import Estate, EstateTextError, dump_estate, parse_estate

__all__ = ["Estate", "EstateTextError", "dump_estate", "parse_estate"]
