"""Llama Land: the rules engine (``GAME``), the estate notation and the objective conditions."""

from games.llama_land.conditions import condition_met
from games.llama_land.engine import LlamaLand
from games.llama_land.estate import Estate, EstateTextError, dump_estate, parse_estate
from games.llama_land.state import LlamaLandOptions, LlamaLandState

GAME = LlamaLand()

__all__ = [
    "GAME", "Estate", "EstateTextError", "LlamaLand", "LlamaLandOptions", "LlamaLandState",
    "condition_met", "dump_estate", "parse_estate",
]
