from pathlib import Path

from games.i18n import register_catalogues

register_catalogues(Path(__file__).parent)
