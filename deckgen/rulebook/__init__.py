"""Rulebooks: jinja2 templates in templates/<game>/, rendered to print-ready PDFs with reportlab."""
