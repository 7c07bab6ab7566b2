"""Hindsight: learn from finished tasks (trajectory review, experience memories, recall and
feedback of experience)."""
