"""Where an MGC match is paused, and what a chance node resolves: the names the engine's state and
the model checker's round model (model.py) both read, kept here so neither imports the other."""

# where the match is paused
PLAY, DRAWN, CHOOSE, CHANCE_NODE, OVER = range(5)
# what a chance node resolves
J_DRAW, J_ALGEBRA, J_PENALTY, J_DEAL = range(4)
