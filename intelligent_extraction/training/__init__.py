"""Learning the candidate scorer from labelled contracts (``intelligent-extraction train``)."""
