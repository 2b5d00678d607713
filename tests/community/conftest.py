import pytest

from tests.platform.factories import make_user


@pytest.fixture
def carol(db):
    return make_user("carol")


@pytest.fixture
def mod(db):
    return make_user("mod", staff=True)


@pytest.fixture
def mod_client(client, mod):
    client.force_login(mod)
    return client
