"""A stateless rules service that adjudicates tabletop combat over REST and GraphQL."""

__version__ = "0.1.0"
