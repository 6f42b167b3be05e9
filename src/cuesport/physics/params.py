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
    # The tip slips beyond this distance from the cue axis, as a fraction of R [AlcMiscue]:
    # the ball gets the impulse of a contact at the limit and the stroke is flagged.
    miscue_limit: float = 0.5
    # Airborne balls (shared/spec/physics-airborne.md §9; resolve/slate.py). airborne=False
    # keeps every ball on the bed (the vertical part of every impulse absorbed by the slate).
    airborne: bool = True
    slate_restitution: float = 0.5  # e_t: PT default; 0.4-0.7, no measurement published
    slate_friction: float = 0.2  # mu_t: the cloth's mu_s; 0.04-0.25 (§9.3)
    settle_speed: float = 0.313  # m/s: a bounce under 5 mm settles, sqrt(2 g 5 mm) [PT]
    rail_height: float = 0.045  # m, rail top above the cloth: no published figure, 45-50 mm
    capture_height: float = 0.4  # x R: a flying ball whose bottom is this low falls in (7R/5 [PT])
    jump_cue_mass: float = 0.27  # kg: "about half" a playing cue [Simpson]
    jump_tip_restitution: float = 0.75  # phenolic tip: unsourced, the leather value (§9.1)
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
        for name in ("slate_restitution", "settle_speed", "rail_height", "capture_height",
                     "jump_cue_mass", "jump_tip_restitution", "slate_friction"):
            v = getattr(self, name)
            if not (isinstance(v, int | float) and math.isfinite(v) and v >= 0.0):
                raise ValueError(f"physics parameter {name} must be a number >= 0, not {v!r}")
        if self.slate_restitution > 1.0 or self.jump_tip_restitution > 1.0:
            raise ValueError("restitution coefficients must be <= 1")
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

# The parameters with no published measurement behind their value and range: what the value
# is and why it was chosen (docs/physics.md, "Assumptions", lists them all; a test checks).
# The numerical guards (min_separation_speed, max_events, max_time) are not physics.
ASSUMED: dict[str, str] = {
    "slate_restitution": "0.5, pooltool's default e_t; no measured ball-slate (cloth on slate) "
    "restitution was found, nor its speed dependence, so it is a constant. It sets jump "
    "heights and the bounces after a landing. The rail top uses it too.",
    "slate_friction": "0.2, the cloth's sliding friction: the ball slides on the same cloth "
    "during the slate impact as on the bed; the 0.04-0.25 range is a plausible span, not a "
    "measurement. The rail top uses it too.",
    "rail_height": "45 mm, a typical figure: WPA and WPBSA give the nose height and the bed "
    "height, not the rail top's; it only decides whether a flying ball clears the rail.",
    "settle_speed": "0.313 m/s, sqrt(2 g 5 mm): a bounce lower than 5 mm ends the flight "
    "(pooltool's choice); a modelling threshold, so the bounce series is finite.",
    "capture_height": "0.4 R: a flying ball whose bottom is this low over a pocket's drop "
    "circle falls in; a geometric modelling choice (pooltool uses a similar one).",
    "jump_tip_restitution": "0.75, the leather tip's value (AlcPP 0.71-0.75); no measurement "
    "for phenolic jump-cue tips was found (physics-airborne.md §9.1).",
}


@dataclass(frozen=True, slots=True)
class Measured:
    """A parameter value with the published range it was taken from, and the source."""

    value: float
    low: float
    high: float
    source: str


@dataclass(frozen=True, slots=True)
class Cloth:
    """A named cloth (and its cushions): the bed and cushion parameters with their sources.

    Keys: [AlcPP] Alciatore, "Pool and billiards physics principles by Coriolis and others",
    Am. J. Phys. 2010 and the TP "typical values" table (billiards.colostate.edu);
    [M09] Mathavan, Jackson & Parkin, "Application of high-speed imaging to determine the
    dynamics of billiards", Am. J. Phys. 77 (2009) 788 (snooker balls on a snooker table:
    rolling and sliding friction, cushion rebound); [M10] Mathavan et al. 2010, Proc. IMechE C
    224 (cushion e and mu fitted to their rigid-cushion model); [Han05] Han, J. Mech. Sci.
    Tech. 19 (2005); [Marlow] Marlow, "The Physics of Pocket Billiards" (1995). Where a
    snooker value was not found, the pool range is used and the source says so.
    """

    name: str
    mu_slide: Measured
    mu_roll: Measured
    spin_decay: Measured
    cushion_restitution: Measured
    cushion_friction: Measured

    def apply(self, p: PhysicsParams) -> PhysicsParams:
        """``p`` with this cloth's bed and cushion values."""
        return replace(p, mu_slide=self.mu_slide.value, mu_roll=self.mu_roll.value,
                       spin_decay=self.spin_decay.value,
                       cushion_restitution=self.cushion_restitution.value,
                       cushion_friction=self.cushion_friction.value)


POOL_WORSTED = Cloth(
    name="pool-worsted",  # a nap-free worsted cloth (WPA requires nap-free cloth for pool)
    mu_slide=Measured(0.2, 0.15, 0.4, "AlcPP 'typically 0.2'; FastFiz, pooltool 0.2"),
    mu_roll=Measured(0.01, 0.005, 0.015, "AlcPP; pooltool 0.01; FastFiz 0.015"),
    spin_decay=Measured(10.0, 5.0, 15.0, "AlcPP (omega_z deceleration, rad/s^2)"),
    cushion_restitution=Measured(0.85, 0.6, 0.9, "AlcPP 0.6-0.9; pooltool 0.85 (Han05 model)"),
    cushion_friction=Measured(0.2, 0.14, 0.2, "pooltool 0.2; M10 0.14"),
)

SNOOKER_NAPPED = Cloth(
    name="snooker-napped",  # napped cloth; the nap itself is not modelled (physics.md §7)
    mu_slide=Measured(0.212, 0.15, 0.4, "M09/M10 (via tailuge) 0.212; AlcPP range"),
    mu_roll=Measured(0.01, 0.005, 0.015,
                     "measured on snooker cloth in M09 (value not re-read here); "
                     "the AlcPP pool range, unverified for snooker"),
    spin_decay=Measured(10.0, 5.0, 15.0, "not found for snooker; the AlcPP pool range"),
    cushion_restitution=Measured(0.85, 0.6, 0.98,
                                 "Han05 model constant (AlcPP range); M10's 0.98 belongs to "
                                 "its own model (SNOOKER_MATHAVAN_PARAMS)"),
    cushion_friction=Measured(0.14, 0.14, 0.2, "M10 mu_w 0.14"),
)

CLOTHS: dict[str, Cloth] = {c.name: c for c in (POOL_WORSTED, SNOOKER_NAPPED)}

POOL_PARAMS = POOL_WORSTED.apply(PhysicsParams(
    name="pool",
    ball_mass=0.170,  # WPA 156-170 g; PT default 0.170
    mu_slide=0.2,  # the cloth's (POOL_WORSTED), as below
    mu_roll=0.01,
    spin_decay=10.0,
    ball_restitution=0.95,  # AlcPP 0.92-0.98; PT 0.95
    cue_mass=0.54,  # AlcPP
    sources="WPA; AlcPP; TPA14; TPA31; Han 2005; cloth POOL_WORSTED (see "
    "shared/spec/physics.md §7)",
))

SNOOKER_PARAMS = SNOOKER_NAPPED.apply(PhysicsParams(
    name="snooker",
    ball_mass=0.1406,  # Mathavan 2010 via tailuge
    mu_slide=0.212,  # the cloth's (SNOOKER_NAPPED), as below
    mu_roll=0.01,
    spin_decay=10.0,
    ball_restitution=0.89,  # Mathavan default in PT (spec §7)
    cue_mass=0.478,  # PT snooker cue
    sources="Mathavan 2010 via tailuge; PT; AlcPP; cloth SNOOKER_NAPPED (see "
    "shared/spec/physics.md §7); snooker mu_roll and spin decay are the pool ranges",
))


# Mathavan 2010's model with its fitted values (e = 0.98, mu_w = 0.14; mu_s is the cloth's).
# Valid up to a normal speed of 2.5 m/s; tailuge found the effect strong in play (spec §5).
SNOOKER_MATHAVAN_PARAMS = replace(
    SNOOKER_PARAMS, name="snooker-mathavan2010", cushion_model="mathavan2010",
    cushion_restitution=0.98, cushion_friction=0.14)


def params_for(table: TableSpec, cloth: str | None = None) -> PhysicsParams:
    """The default parameter set for a table's kind (pool or snooker), optionally on another
    named cloth (a key of :data:`CLOTHS`: ``"pool-worsted"``, ``"snooker-napped"``)."""
    p = SNOOKER_PARAMS if table.kind == "snooker" else POOL_PARAMS
    if cloth is None:
        return p
    if cloth not in CLOTHS:
        raise ValueError(f"unknown cloth {cloth!r}; expected one of {', '.join(CLOTHS)}")
    return CLOTHS[cloth].apply(p)
