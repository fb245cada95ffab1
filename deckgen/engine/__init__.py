"""The rule engine's shared core: state protocol, play loop, simulation and validation."""
