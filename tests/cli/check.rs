//! Placeholder: tests for `arbiter check` are being written.
