// TestSupport module: see ../shared/docs/ARCHITECTURE.md §2.
