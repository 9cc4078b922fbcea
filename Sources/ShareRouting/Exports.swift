// The vocabulary (media types, UTIs, share items, escaping) is its own target so that
// ShareSniffing needs neither the router nor Yams; ShareRouting re-exports it, so
// `import ShareRouting` keeps offering ShareItem and its kinds.
@_exported import ShareVocabulary
