"""Physical parameters, one frozen set per kind of equipment (pool, snooker).

Every number names its source (keys as in ``shared/spec/physics.md``, "Sources"). Units are SI
(kg, m, s, rad): the physics works in metres internally and converts at the boundary.
Parameters are frozen dataclasses; change one with :func:`dataclasses.replace`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Literal

from cuesport.equipment.tables import TableSpec


@dataclass(frozen=True, slots=True)
class PhysicsParams:
    """Everything the simulator needs besides the table geometry."""

    name: str
    ball_mass: float  # kg
    mu_slide: float  # ball-cloth sliding friction [LG]
    mu_roll: float  # ball-cloth rolling resistance [LG]
    spin_decay: float  # alpha, rad/s^2: omega_z decays linearly at this rate [LG; AlcPP]
    ball_restitution: float  # ball-ball e
    # Ball-ball friction, TP A-14 fit: mu(v) = a + b exp(-c v), v the contact slip speed in m/s.
    ball_mu_a: float = 0.00995
    ball_mu_b: float = 0.108
    ball_mu_c: float = 1.088
    # Cushion and jaw model, a key of resolve.resolver.CUSHION_MODELS: "han2005" (one impulse)
    # or "mathavan2010" (impulse integrated over the impact); resolver_for() looks it up once.
    cushion_model: Literal["han2005", "mathavan2010"] = "han2005"
    cushion_restitution: float = 0.85  # e_c (constant), Han 2005
    cushion_friction: float = 0.2  # mu at the cushion nose
    # Han 2005 eq. 26 restitution fit e(v) = c0 + c1 v + c2 v^2 (v: normal speed, m/s), e.g.
    # HAN2005_RESTITUTION; None keeps the constant e_c (tailuge found the fit unrealistic).
    cushion_restitution_fit: tuple[float, float, float] | None = None
    cue_mass: float = 0.54  # M, kg [AlcPP]
    tip_restitution: float = 0.75  # e_tip: leather tip 0.71-0.75 [AlcPP]
    squirt_mass_ratio: float = 30.0  # m / m_e, ball mass over cue end mass [TPA31; PT default]
    miscue_limit: float = 0.5  # contact offsets above this fraction of R are flagged [AlcMiscue]
    g: float = 9.81
    # Numerical guards (not physics): see simulate.py.
    min_separation_speed: float = 2e-3  # m/s, floor on separation after a contact (Zeno guard)
    max_events: int = 20_000
    max_time: float = 600.0  # s of simulated time
    sources: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        positive = ("ball_mass", "mu_slide", "mu_roll", "spin_decay", "cue_mass", "g",
                    "squirt_mass_ratio", "max_time")
        for name in positive:
            v = getattr(self, name)
            if not (isinstance(v, int | float) and math.isfinite(v) and v > 0.0):
                raise ValueError(f"physics parameter {name} must be a positive number, not {v!r}")
        for name in ("ball_restitution", "cushion_restitution", "tip_restitution"):
            v = getattr(self, name)
            if not 0.0 < v <= 1.0:
                raise ValueError(f"physics parameter {name} must be in (0, 1], not {v!r}")
        if self.cushion_friction < 0.0 or self.ball_mu_a < 0.0 or self.ball_mu_b < 0.0:
            raise ValueError("friction coefficients must be >= 0")
        if self.cushion_model not in ("han2005", "mathavan2010"):
            raise ValueError(f"unknown cushion model {self.cushion_model!r}")
        if self.max_events < 1 or self.min_separation_speed < 0.0:
            raise ValueError("max_events must be >= 1 and min_separation_speed >= 0")

    def cushion_e(self, normal_speed: float) -> float:
        """Cushion restitution at this normal speed (m/s): constant, or Han's fit."""
        if self.cushion_restitution_fit is None:
            return self.cushion_restitution
        c0, c1, c2 = self.cushion_restitution_fit
        return min(max(c0 + (c1 + c2 * normal_speed) * normal_speed, 0.0), 1.0)

    def ball_mu(self, slip: float) -> float:
        """Ball-ball friction coefficient at contact slip speed ``slip`` (m/s) [TPA14]."""
        return self.ball_mu_a + self.ball_mu_b * math.exp(-self.ball_mu_c * slip)


HAN2005_RESTITUTION = (0.39, 0.257, -0.044)  # Han 2005 eq. 26, as quoted in tailuge #47

POOL_PARAMS = PhysicsParams(
    name="pool",
    ball_mass=0.170,  # WPA 156-170 g; PT default 0.170
    mu_slide=0.2,  # AlcPP 0.15-0.4, "typically 0.2"; FF, PT 0.2
    mu_roll=0.01,  # AlcPP 0.005-0.015; PT 0.01
    spin_decay=10.0,  # AlcPP 5-15 rad/s^2
    ball_restitution=0.95,  # AlcPP 0.92-0.98; PT 0.95
    cushion_restitution=0.85,  # AlcPP 0.6-0.9; PT 0.85
    cushion_friction=0.2,  # PT 0.2
    cue_mass=0.54,  # AlcPP
    sources="WPA; AlcPP; TPA14; TPA31; Han 2005 (see shared/spec/physics.md §7)",
)

SNOOKER_PARAMS = PhysicsParams(
    name="snooker",
    ball_mass=0.1406,  # Mathavan 2010 via tailuge
    mu_slide=0.212,  # Mathavan 2010 via tailuge
    mu_roll=0.01,  # no source found for snooker cloth; the pool value (spec §7)
    spin_decay=10.0,  # not found for snooker; AlcPP pool range 5-15
    ball_restitution=0.89,  # Mathavan default in PT (spec §7)
    cushion_restitution=0.85,  # Han model constant e; Mathavan's 0.98 belongs to its own model
    cushion_friction=0.14,  # Mathavan 2010 mu_w
    cue_mass=0.478,  # PT snooker cue
    sources="Mathavan 2010 via tailuge; PT; AlcPP (see shared/spec/physics.md §7); "
    "snooker mu_roll, spin decay and cushion e unverified",
)


# Mathavan 2010's model with its fitted values (e = 0.98, mu_w = 0.14; mu_s is the cloth's).
# Valid up to a normal speed of 2.5 m/s; tailuge found the effect strong in play (spec §5).
SNOOKER_MATHAVAN_PARAMS = replace(
    SNOOKER_PARAMS, name="snooker-mathavan2010", cushion_model="mathavan2010",
    cushion_restitution=0.98, cushion_friction=0.14)


def params_for(table: TableSpec) -> PhysicsParams:
    """The default parameter set for a table's kind (pool or snooker)."""
    return SNOOKER_PARAMS if table.kind == "snooker" else POOL_PARAMS
