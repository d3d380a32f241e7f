"""The solo game's automa, Pedro (rulebook « Mode solo »): his set-up (``setup``), state
(``state``), cards and loading cards (``data``), turn (``turn``), movement (``move``),
actions (``actions``), Buenos Aires (``buenos_aires``), the rules both players share in a
solo game (``rules``), the ties you decide (``choice``, ``tie``), his score (``scoring``),
view (``view``) and notation line (``notation``). See the package docstring of
:mod:`games.gwt_argentina` for what is implemented and reconstructed.
"""
