"""Analyses of how a game plays, beyond "does it work": the skill ladder (Monte Carlo players of
several strengths, round-robin matches, ratings with confidence intervals) and the luck measure."""
