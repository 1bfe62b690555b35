"""Question + retrieved passages → grounded answer (Claude or extractive)."""
