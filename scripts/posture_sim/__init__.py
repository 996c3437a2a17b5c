"""The 2-in-1 simulator behind scripts/make-posture-corpus.py: physics, a scenario's
script and chips, and the scenarios."""
