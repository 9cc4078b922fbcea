// Sources of the app (not read by share-route).
