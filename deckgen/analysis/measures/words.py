"""The words of the twelve measures: each one's name, its definition as deckgen computes it, its unit,
and the words of its parts, the players it was measured with and why a measure does not apply.
Every one is a catalog message (deckgen/i18n): the report, the JSON, the web page and the README's
table all print the same definition beside the number (../shared/DESIGN-MEASURES.md: the same words
mean different formulas in different tools)."""

from __future__ import annotations

from deckgen.i18n import N_

# the twelve, in the note's order: key -> (name, definition, unit); the keys are the JSON's, stable
MEASURES: dict[str, tuple[str, str, str]] = {
    "seat_edge": (
        N_("Seat edge"),
        N_("The share of games won by the player who takes the first turn (a shared win counts as a share), minus a "
           "fair share (1 in the number of players); each seat in the order of its first turn the same way, and the "
           "balance: 1 minus the largest gap between two seats' shares of wins."),
        N_("share of wins above a fair share"),
    ),
    "length": (
        N_("Length"),
        N_("Turns per game: the mean, the standard deviation, and the 10th and 90th percentiles; minutes at the game's "
           "pace (seconds a turn); and the share of games that fit a lesson of the minutes given."),
        N_("turns"),
    ),
    "passive_turns": (
        N_("Passive turns and choice"),
        N_("The share of turns in which every decision had a single legal action (the turn plays itself); the mean "
           "number of legal actions at real decisions (two or more); and whether choices narrow towards the end: the "
           "slope of the legal actions at real decisions from a game's first turn to its last."),
        N_("share of turns"),
    ),
    "waiting": (
        N_("Waiting"),
        N_("Between two turns of one player, how many turns the other players take: the mean over every wait, "
           "the longest wait in a game (the mean of each game's longest), and each seat's mean in the order of its "
           "first turn; in seconds at the game's pace."),
        N_("other players' turns"),
    ),
    "lead_changes": (
        N_("Lead changes"),
        N_("How often the leader changes in the public standing, sampled when play starts, at the end of every full "
           "rotation of turns, at every round end and at the end: per game, and per sample after the first. A tie "
           "at the top has no leader; the first leader is not a change."),
        N_("changes per game"),
    ),
    "comebacks": (
        N_("Comebacks"),
        N_("The chance that the player strictly last in the standing at half-time wins, beside a fair share; the "
           "same for the player strictly first (a snowball); and both at a third and at two thirds of the game."),
        N_("share of games"),
    ),
    "lock_in": (
        N_("Lock-in"),
        N_("The share of the game (in turns) played before the eventual winner leads the standing for good; and the "
           "share of games decided only in their last tenth."),
        N_("share of the game"),
    ),
    "close_finishes": (
        N_("Close finishes"),
        N_("The share of games whose final margin between the first and the second player is within one turn's "
           "typical progress (how far the standing moves, over all the players, per turn played); and the mean "
           "margin in such turns."),
        N_("share of games"),
    ),
    "choices_matter": (
        N_("Choices that matter"),
        N_("At decisions with two legal actions or more, sampled at random: the share where the best action's "
           "chance of winning beats the worst's by at least 0.05 and by more than two standard errors; and the "
           "mean gap between them. Chances of winning come from rollouts of every action from the true position."),
        N_("share of decisions"),
    ),
    "obvious_move_wrong": (
        N_("Obvious move wrong"),
        N_("At the same decisions: the share where the heuristic player's move is worse than the best action by at "
           "least 0.05 in chance of winning and by more than two standard errors; and its mean regret."),
        N_("share of decisions"),
    ),
    "kingmaking": (
        N_("Kingmaking"),
        N_("The share of games in which a player who can no longer win (a chance of winning of at most 0.02 "
           "whatever it plays) makes a choice that moves at least 0.2 of the chance of winning between the two "
           "leading contenders, by more than two standard errors; read at the sampled decisions, and as many more "
           "in the second half of each game."),
        N_("share of games"),
    ),
    "skill_share": (
        N_("Skill share"),
        N_("How much of a game playing well decides: with p the share of games the better player wins alone among "
           "weaker ones (each seat in turn, on the same deals) and f a fair share, (p − f) / (1 − f); 0: luck alone "
           "decides, 1: the better player always wins. Beside it, the deal share: each deal (the shuffle and whatever "
           "is drawn before the first decision) played four times by the heuristic player, everything after it drawn "
           "anew each time; 1 minus a player's spread of results within a deal over its spread among all the games "
           "(sample variances, averaged over the players): 0: the deal says nothing of who wins, 1: it decides it."),
        N_("share of the outcome"),
    ),
}

KEYS = tuple(MEASURES)

# waiting, in a game where every player may act at moments that are nobody's turn (a chance to slap):
# the definition printed instead of the one above
WAITING_OPEN = N_("Nobody waits for a turn: every card turned up may let any player act. The longest run of turns in "
                  "a game with no such moment (the mean of each game's longest), and in seconds at the game's pace; "
                  "beside it, the other players' turns between two turns of one player.")
WAITING_OPEN_UNIT = N_("turns")

# the parts of a measure: key -> (name, unit)
PARTS: dict[str, tuple[str, str]] = {
    "balance": (N_("balance"), N_("1 minus the largest gap")),
    "seat": (N_("seat {n} in turn order"), N_("share of wins above a fair share")),
    "sd": (N_("standard deviation"), N_("turns")),
    "p10": (N_("10th percentile"), N_("turns")),
    "p90": (N_("90th percentile"), N_("turns")),
    "minutes": (N_("minutes per game"), N_("minutes")),
    "minutes_p90": (N_("minutes, 90th percentile"), N_("minutes")),
    "fits_lesson": (N_("games that fit a lesson of {minutes:g} minutes"), N_("share of games")),
    "legal_actions": (N_("legal actions at real decisions"), N_("legal actions")),
    "narrowing": (N_("change in legal actions from the first turn to the last"), N_("legal actions")),
    "seconds": (N_("waiting in seconds"), N_("seconds")),
    "longest": (N_("longest wait in a game"), N_("other players' turns")),
    "wait_seat": (N_("waiting of seat {n} in turn order"), N_("other players' turns")),
    "longest_seconds": (N_("longest wait in a game, in seconds"), N_("seconds")),
    "quiet_seconds": (N_("longest run with no chance to act, in seconds"), N_("seconds")),
    "turns_between": (N_("other players' turns between two turns of one player"), N_("other players' turns")),
    "per_sample": (N_("lead changes per sample"), N_("changes per sample")),
    "fair": (N_("fair share"), N_("share of games")),
    "last_third": (N_("last at a third of the game wins"), N_("share of games")),
    "last_two_thirds": (N_("last at two thirds of the game wins"), N_("share of games")),
    "snowball": (N_("first at half-time wins (snowball)"), N_("share of games")),
    "first_third": (N_("first at a third of the game wins"), N_("share of games")),
    "first_two_thirds": (N_("first at two thirds of the game wins"), N_("share of games")),
    "last_tenth": (N_("games decided only in their last tenth"), N_("share of games")),
    "margin": (N_("mean final margin"), N_("turns of progress")),
    "gap": (N_("mean gap between the best and the worst action"), N_("chance of winning")),
    "regret": (N_("mean regret of the heuristic's move"), N_("chance of winning")),
    "win_share": (N_("the better player's share of wins"), N_("share of games")),
    "deal_share": (N_("deal share: how much of the outcome the deal alone decides"), N_("share of the outcome")),
}

# why a measure does not apply
NO_GAMES = N_("no game ended")
NO_CHOICES = N_("the game has no choices: no decision ever has two legal actions")
NO_EVALUATOR = N_("the game offers no copy of its position to play on from, so no evaluator")
NO_DECISIONS = N_("no decision could be evaluated (none with two legal actions that the evaluator can copy)")
NO_EVALUATION = N_("the evaluator was not run: no game was asked to be evaluated")
NEEDS_THREE = N_("kingmaking needs three players or more")
NO_LAST = N_("no game had a player strictly last at half-time (the last place was always shared)")
NO_FIRST = N_("no game had a player strictly first at that point (the lead was always shared)")
NO_LAST_AT = N_("no game had a player strictly last at that point (the last place was always shared)")
NO_MARGIN = N_("the standing never moved, so a turn's progress is unknown")
NO_WAITS = N_("no player took two turns")
NO_REAL = N_("no decision had two legal actions")
NO_SLOPE = N_("no game had real decisions at two different turns")
NO_SKILL = N_("the game names no better and weaker player to compare")
NO_SKILL_GAMES = N_("no games of the better player were played (the skill share's games are 0)")
NO_OPEN = N_("the game has no moments when every player may act")
NO_DEALS = N_("no deal was played more than once (the deal share's games are 0)")
NO_DEAL_SPREAD = N_("every play of every deal gave each player the same result, so there is no spread to share out")

# the players the figures come from
PLAYERS_HEURISTIC = N_("every seat the game's heuristic player")
PLAYERS_EVALUATOR = N_("every seat the game's heuristic player; each action valued by {r} and {r4} rollouts of the heuristic "
                       "player from the true position (every hand seen, the draw pile's order shuffled){scope}")
EVALUATOR_SCOPE = N_(", played to {what}")
PLAYERS_SKILL = N_("the {skilled} player alone among {unskilled} players, in every seat in turn, on the same deals")

NOT_CONVERGED = N_("not converged: at {r} rollouts it reads {value}, outside the interval at {r4}")
