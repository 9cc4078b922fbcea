just some words
