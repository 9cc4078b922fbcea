// The Safari action (not read by share-route).
