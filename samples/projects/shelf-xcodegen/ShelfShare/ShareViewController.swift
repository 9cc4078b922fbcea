// The share extension (not read by share-route).
