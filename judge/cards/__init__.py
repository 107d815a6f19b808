"""The First Edition card pool: typed records imported from the deck tools' card list, loaded from
``cards/1e/*.jsonl``, found by title the way people type them. Knows nothing of Flask.

    >>> from judge.cards import bundled
    >>> bundled().get("1e/cards/hagath").attributes
    {'integrity': 2, 'cunning': 7, 'strength': 5}
"""

from .loader import Catalogue, bundled, cards_dir, load_cards
from .model import CardRecord, Skill

__all__ = ["Catalogue", "CardRecord", "Skill", "bundled", "cards_dir", "load_cards"]
