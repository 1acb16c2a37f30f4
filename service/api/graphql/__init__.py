"""The GraphQL door (strawberry), mounted at ``/graphql`` with the GraphiQL playground."""
