// The Mac extension (not read by share-route).
