"""Fake server fixtures (placeholder until written)."""
