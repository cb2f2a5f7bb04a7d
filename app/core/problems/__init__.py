"""Problems: codes and sentences, and the catalogue that declares them."""
