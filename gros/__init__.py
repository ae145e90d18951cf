"""Grave Robbers from Outer Space and Grave Robbers II: Skippy's Revenge (rulebooks 000, 001)."""
