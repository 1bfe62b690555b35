"""The learned ranking stage (issue 31): one trained linear model over the signals search computes.

One job per module: `features` (the named feature vector of a candidate, from the raw signals
CandidateFinder collects before the hand weights combine them), `model` (the model file: load, refuse
another embedder's, score a pool), `training` (listwise logistic regression, leave-one-set-out selection).
Collecting the pools from labelled sets runs searches, so it lives above search (retrieval/ranking_sets.py).

May import: kodeks.errors, numpy. Never retrieval.search (search imports this).
"""
