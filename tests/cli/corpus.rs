//! Placeholder: tests for `arbiter corpus` are being written.
