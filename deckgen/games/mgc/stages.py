"""The stages of a position of MGC's round model (model.py): where a round is paused. Kept apart
so that the compact graph (graph.py) reads them without importing the model that builds it."""

DEAL, START_DRAW, CHOOSE, PLAY, DRAW, DRAWN, ALGEBRA, ALGEBRA_DRAW, PENALTY_DRAW, OVER = range(10)
