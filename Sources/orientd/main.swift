print("orientd 0.1.0")
