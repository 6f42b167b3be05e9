"""Event resolution: one module per interaction, named after its model or paper.

- :mod:`.cue`: cue strike (Leckie & Greenspan 2006) with squirt (Alciatore TP A-31).
- :mod:`.ball_ball`: frictional inelastic ball-ball impact with throw (Alciatore TP A-14).
- :mod:`.cushion_han2005`: ball-cushion and ball-jaw impact (Han 2005), with the nose height.

Each function takes plain floats (SI) and returns the new velocities and spins, so that each
model can be tested alone.
"""
