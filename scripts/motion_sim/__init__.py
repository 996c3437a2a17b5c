"""The hand, gait and vehicle simulator behind scripts/make-motion-traces.py."""
