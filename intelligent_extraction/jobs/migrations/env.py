"""Alembic environment: always run from ``jobs.migrate`` with an open connection (no alembic.ini)."""

from alembic import context

from intelligent_extraction.jobs.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
