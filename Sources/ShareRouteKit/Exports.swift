// A library user imports ShareRouteKit alone: the types its API takes and returns (Route and its
// parts, ManifestSet, ShareItem, Reason, Sniffer, SnifferPool, TrustPolicy, …) come with it.
@_exported import ShareRouting
@_exported import ShareSniffing
@_exported import ShareVocabulary
