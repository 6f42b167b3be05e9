"""Diagrams: positions and shots as SVG."""

from cuesport.render.svg import position_svg

__all__ = ["position_svg"]
