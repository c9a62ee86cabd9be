//! Placeholder: tests for `arbiter perft` are being written.
