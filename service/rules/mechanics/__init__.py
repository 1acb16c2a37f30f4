"""Pure functions over the model and the grid, shared by the rulesets and the pipelines:
space (reach, sight, cover, flanking), damage and death, durations, modifiers, initiative,
validation, and exact dice distributions for the odds."""
