// ImageCache module: see ../shared/docs/ARCHITECTURE.md §2.
