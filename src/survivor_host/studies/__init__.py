"""Studies of the shipped themes by simulation: the strategy search and the findings report (docs/FINDINGS.md).

They name Follow the Leader and Chase the Ace, their policies and kernels on purpose: each is a study of
those two games, above the generic analysis layer.
"""
