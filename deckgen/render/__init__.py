"""Rendering: card geometry and sheet layout, fonts, a drawing vocabulary (Pen) with PDF and PNG backends."""
