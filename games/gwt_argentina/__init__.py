"""Great Western Trail: Argentina (1–4 players: alone against Pedro, or 2–4) on the engine contract.

Registered in ``games/__init__.py``; its board images are in ``renderer/gwt_argentina/``.

Implemented (from the French rulebook; components in ``data/``):

* set-up for 2, 3 and 4 players: station masters (5 of 8), neutral buildings on their
  letters or shuffled, 5 farmers from bag A, the job market to the marker (5/8/11), the
  forecast spaces, the cattle market (9/12/15, sorted by colour) and exhaustion pile, the
  objective display, the sun ships in order and the 7 others shuffled below, port sides
  a/b/random with closure tiles by player count, private building sides a/b/random (the
  same for everyone), starting herds with one exhaustion card, money/cards/tokens by seat,
  the first turn's discard to 4 and start on any neutral building;
* phase A one location at a time (forks, empty spaces skipped, at least 1 and at most the
  move limit, never past Buenos Aires, embarcadères when the locomotive has reached 3, 6,
  9, 12, 17, 23), tolls by hand colour and player count to the farmer's money space or to
  the owner, paid as far as money allows;
* phase B at a neutral or own building (its actions in any order, each once, the special
  action of its space for the owner, or one single auxiliary action instead; an action
  given up at its first choice — "Hire nobody", "Do not move the locomotive" … — is not
  used up and leaves the auxiliary action open), at an
  opponent's building (one single auxiliary action), at a farmer (auxiliary action or
  help this farmer), in Buenos Aires (delivery, income with temporary and permanent
  certificates, loading with the white/black corner rule, ship 0's pesos and Rotterdam
  ships' objective cards from the display, grain or 2 pesos per missing grain, forecasts
  A/B/C placing
  farmers or workers, then the job-market arrows: departures to the quays with 2 new
  ships, cattle market refills; estanciero back to the start, forecast spaces refilled);
* phase C: draw up to the hand limit, reshuffling only when a draw needs it;
* every action of the data: the 8 neutral buildings, the 20 private building sides, hire
  (row costs, action modifiers, strength +1, the marker's row closed, full rows, immediate
  actions of each column), build and replace (2 pesos per carpintero, the difference when
  replacing, 1 peso via the 6th carpintero; a replaced building under the estanciero is not
  activated), buy cattle by gauchos with the option table and "2 cards into the market",
  the locomotive (occupied spaces ignored, branches, stations upgraded with the corner
  rule, station masters taken for a worker, the terminus upgraded once per arrival, then
  the depot, left forward to space 24, never backward; backward moves as a condition),
  objectives (take from the display or the deck, play
  before phase A, between phase B actions and between the Buenos Aires steps, immediate
  actions or not), help farmers (up to 3 or the one under the estanciero, strength from
  the board, workers and up to 4 revealed cards, 1/2 exhaustion cards, coins and printed
  pesos, hire at the row price with its action or keep for 2 VP), exchange tokens at any
  decision of one's own turn, in the middle of an action too, except while helping
  granjeros and at the income, and at any time of another player's turn (the seat's side
  decision, ``exchange.py``), drawing 2 or 1 as chosen with it, certificates and grain
  taken in part up to their limits, auxiliary actions single and double behind their
  discs, exhaustion cards returned to their pile, extra moves with an extra phase B,
  6b's delivery, 7b's exhaustion for the others, 10b's swap with the market;
* discs: the 17 slots with their limits, costs and bonuses, ships, stations, quays and
  districts, and the special cases of p. 20 for quays and stations (a black-slot disc for a
  white target when only those are left; a disc taken back from a station when none is
  left), for a ship only when no ship could be loaded otherwise;
* the end: the marker leaving the last row in step 5 or 6, no worker tile afterwards
  (step 6 skipped when only workers remain), one last turn for every other player, the
  final score by the data engineer's ``final_scores`` (12 categories, the seats only);
* the situation notation (NOTATION.md), views with hidden hands, ``determinize``, and a
  heuristic ``evaluate`` for the generic computer player.

Not implemented, or simplified:

* an extra move (buildings 2, 7, 9) ends phase B where the estanciero stood: its other
  actions are done before the move or not at all (the rulebook does not say; this is the
  reading that keeps "phase B at the location reached").

Readings where the text leaves a choice (each told to players by ``/estancia
rules``, the ``SUMMARY`` of ``engine.py``, and tested in ``test_readings.py``):

* 8 neutral buildings A–H on 8 spaces: « 8 tuiles Bâtiment neutre » (material) and « les
  actions de chacun des 8 bâtiments neutres » (annex), though set-up step 3 says « Placez
  les 7 tuiles Bâtiment neutre sur les 7 cases neutres »;
* the right movement disc scores 2 VP, the score pad's « Marquez 2 points de victoire si
  vous avez enlevé votre disque de cet emplacement » (p. 10 says 3);
* a Rotterdam ship's objective card comes from the display: « choisir une carte Objectif de
  l'offre d'objectifs » (p. 10), not the deck « Obtenir une carte Objectif » also allows;
* a black-corner disc goes onto a white-corner ship only when no ship could be loaded
  otherwise: p. 20's exception names « un emplacement Ville lors d'une livraison, ou sur une
  gare lors d'une amélioration », and the cattle « doit maintenant être chargé sur un
  bateau »;
* Pedro's card #15 moves his locomotive one space whatever his specialty: « Carte #15 : La
  locomotive de Pedro avance d'une case », unlike #13 and #14, names no specialty;
* a tie with Pedro is shared: « Pedro est considéré en tout point comme un joueur » and « En
  cas d'égalité, la victoire est partagée ».

The solo game against Pedro (one seat, option ``difficulty`` easy / moderate /
expert; ``pedro/``): a 2-player set-up with Pedro as ``players[1]`` (``state.seats``
stays 1; ``state.table()`` is 2 for tolls, move limits and the job market), his board,
17-disc reserve, a random worker and his specialty, his 15 cards shuffled, the loading
cards of the difficulty (``pedro.setup``); his turn right after yours inside ``apply``
(a ``pedro_turn`` frame), one event line per action (``pedro.turn``): movement by number, experience or worker
type along the shortest way with the fewest tolls and the fewest paid to you, your tolls
from the bank, yours on his buildings to the bank (``pedro.move``); cards #1–#15 with
their priority lists — hire, cattle by gauchos with the « 2 cards, one gaucho less » rule,
#13's value-3 card, build/replace by carpinteros and #14's one-carpintero building on the
next safe space ahead of your estanciero, the locomotive stopping at new stations, station
masters to the box, the terminus and depot, an empty reserve, objectives from the far end
of the display, grain, farmers to the box or kept (``pedro.actions``); his Buenos Aires —
the action first, delivery of as much grain as possible (most VP, then pesos), no income,
the ship of his active loading card for free (0 and 18 again and again), a Rotterdam
ship's objective, the lower forecast tiles, his estanciero back (``pedro.buenos_aires``); the
loading card following the blue arrows, the solo order of the objective display and the
forecast slide for both players (``pedro.rules``); his score without money, station
masters or board slots and with every objective fulfilled (``pedro.scoring``; the seats'
``final_scores`` leave him out), told to the front ends with his difficulty and whether he
won by ``automa``, and ``winners`` empty when his total beats yours (a tie is shared); his
notation line (``pedro.notation``, NOTATION.md).
A tie left after every criterion of his priority lists is your decision (« prenez
vous-même la décision »: ``pedro.choice``, ``pedro.tie``); the bonus of a district space
he delivers to is his (pesos lost, objective from the far end, a free card face down, his
locomotive); granjeros' tolls cost him nothing (he has no money); cards he receives —
7b's exhaustion card too — go face down onto his pile.

Solo mode, reconstructed or simplified (the card faces, loading cards and Pedro's market
tile are pictures the rulebook text does not carry; each choice is marked
``# reconstruction:`` in ``pedro.data``, whose docstring lists them):

* the movement and amounts of cards #1–#15, which ⚡ actions cards #10–#14 carry, the
  experience values and ship orders of the loading cards other than the ●● ones, and the
  cattle bought for 1–6 gauchos;
* when his lower forecast tile cannot be taken (a worker once the marker left the market)
  he takes the upper one;
* Pedro's turn is not drawn on the board image yet (the view carries him as ``players[1]``
  and ``view["pedro"]``).
"""

from games.gwt_argentina.engine import GAME, GwtArgentina

__all__ = ["GAME", "GwtArgentina"]
