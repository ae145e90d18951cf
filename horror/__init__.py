"""Creature Feature: a GM-less monster-movie story game (rulebook 004)."""
