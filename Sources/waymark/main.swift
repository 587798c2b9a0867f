import WaymarkKit
print("hi")
