"""Event resolution: one module per interaction, named after its model or paper.

- :mod:`.cue`: cue strike (Leckie & Greenspan 2006) with squirt (Alciatore TP A-31).
- :mod:`.ball_ball`: frictional inelastic ball-ball impact with throw (Alciatore TP A-14).
- :mod:`.cushion_han2005`: ball-cushion and ball-jaw impact (Han 2005), with the nose height
  (the default).
- :mod:`.cushion_mathavan2010`: the same, after Mathavan et al. 2010 (impulse integrated over
  the impact, friction at the cushion and at the cloth); ``cushion_model="mathavan2010"``.

Pockets have no module of their own: a ball falls when its centre enters the capture circle
at the drop edge (a geometric event, :mod:`cuesport.physics.detect`), and the jaws (knuckle
arcs and facings) are cushions resolved by the cushion model, so a ball can rattle out.

:mod:`.resolver` puts the models behind small protocols (``BallBallModel``,
``CushionModel``) and picks one per interaction type (``Resolver``, after pooltool's): the
simulator calls the resolver's models and never tests a model's name.

Each function takes plain floats (SI) and returns the new velocities and spins, so that each
model can be tested alone.
"""
