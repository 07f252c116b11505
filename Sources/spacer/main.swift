print("spacer: under construction")
